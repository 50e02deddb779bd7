/** Name, email and password inputs of a new account (first-admin setup and an admin creating a user). */
export function AccountFields({ passwordLabel }: { passwordLabel: string }) {
  return (
    <>
      <p>
        <label>
          Name
          <br />
          <input name="name" required />
        </label>
      </p>
      <p>
        <label>
          Email
          <br />
          <input name="email" type="email" required />
        </label>
      </p>
      <p>
        <label>
          {passwordLabel}
          <br />
          <input name="password" type="password" minLength={10} required />
        </label>
      </p>
    </>
  );
}
