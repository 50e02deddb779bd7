import { AccountFields } from "@/components/auth/account-fields";
import { ActionForm } from "@/components/auth/action-form";
import { createUserAction, setRoleAction } from "@/app/auth-actions";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { ROLES } from "@/lib/server/auth/roles";
import { listAccounts } from "@/lib/server/list-accounts";

export const dynamic = "force-dynamic";

export default async function UsersPage() {
  await requirePageAccess("admin");
  const users = await listAccounts();
  return (
    <>
      <h1>Users</h1>
      <p className="lead">
        Viewers read everything; annotators also label in the studies they are assigned to; admins manage users, uploads
        and deletions.
      </p>
      <div className="grid-2">
        <section className="panel">
          <h2>Accounts</h2>
          <table className="data" aria-label="Users">
            <thead>
              <tr>
                <th>Name</th>
                <th>Email</th>
                <th>Role</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>{user.name}</td>
                  <td>{user.email}</td>
                  <td>
                    <ActionForm action={setRoleAction} submitLabel="Set role" label={`Role of ${user.email}`}>
                      <input type="hidden" name="userId" value={user.id} />
                      <select name="role" defaultValue={user.role} aria-label={`Role for ${user.email}`}>
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>{" "}
                    </ActionForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="panel">
          <h2>Create a user</h2>
          <ActionForm action={createUserAction} submitLabel="Create user" label="Create user">
            <AccountFields passwordLabel="Initial password (10+ characters; ask them to change it)" />
            <p>
              <label>
                Role{" "}
                <select name="role" defaultValue="viewer">
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              </label>
            </p>
          </ActionForm>
        </section>
      </div>
    </>
  );
}
