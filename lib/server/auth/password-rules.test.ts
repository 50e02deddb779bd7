import { describe, expect, it } from "vitest";
import { NewUserSchema, PasswordChangeSchema } from "../accounts";
import { passwordWeakness } from "./password-rules";

describe("passwordWeakness", () => {
  it("refuses common passwords, also with digits or symbols added and letters written as digits", () => {
    for (const password of [
      "password123",
      "1234567890",
      "qwertyuiop",
      "Password2024!",
      "P@ssw0rd123",
      "iloveyou!!!!",
      "Dragon1234567",
    ])
      expect(passwordWeakness(password), password).toMatch(/most common passwords/);
  });

  it("refuses too few different characters and short patterns repeated", () => {
    for (const password of ["aaaaaaaaaa", "ababababab", "1212121212", "aaaaabbbbb"])
      expect(passwordWeakness(password), password).toMatch(/too few different characters/);
    for (const password of ["abcdabcdabcd", "xkcdxkcdxkcd", "catdogcatdog"])
      expect(passwordWeakness(password), password).toMatch(/repeats a short pattern/);
  });

  it("refuses keyboard walks and alphabet runs, in either direction and strung together", () => {
    for (const password of [
      "qwertyuiop[]",
      "0987654321",
      "zyxwvutsrqpo",
      "1qaz2wsx3edc4rfv",
      "123qweasdzxc",
      "asdfghjkl;",
      "mnbvcxz987",
      "q1w2e3r4t5y6",
      "qwerty98765",
    ])
      expect(passwordWeakness(password), password).toMatch(/keyboard or alphabet sequence|most common/);
  });

  it("accepts passwords that are none of these", () => {
    for (const password of [
      "a long enough password",
      "correct horse battery staple",
      "e2e password long",
      "another long password",
      "Tr0ub4dor&3-rapid",
      "vq8#Lm2!xZ0p",
      "8273649125",
    ])
      expect(passwordWeakness(password), password).toBeNull();
  });

  it("gives the reason in the sign-up and password-change forms' messages", () => {
    const created = NewUserSchema.safeParse({
      email: "a@example.test",
      name: "A",
      password: "aaaaaaaaaa",
      role: "viewer",
    });
    expect(created.error?.issues).toEqual([
      expect.objectContaining({ path: ["password"], message: "uses too few different characters; choose another" }),
    ]);
    const changed = PasswordChangeSchema.safeParse({ current: "whatever", next: "password123" });
    expect(changed.error?.issues[0]?.message).toMatch(/most common passwords/);
    expect(PasswordChangeSchema.safeParse({ current: "whatever", next: "short" }).error?.issues[0]?.message).toBe(
      "at least 10 characters",
    );
  });
});
