/**
 * Names of the DB tests' databases, all derived from TEST_DATABASE_URL's name (`<stem>_test`) so two checkouts with
 * different URLs never touch each other's: one migrated template, and one copy of it per test file, named after the
 * run's process id so a later run can tell a killed run's leftovers (its process is gone) from a live run's.
 */
export interface TestDatabaseNames {
  template: string;
  /** The database of one test file of run `runId`; `suffix` tells the run's files apart. */
  fileDatabase(runId: number, suffix: string): string;
  /** The run id of a per-file database of this stem, or null for any other name. */
  runOf(name: string): number | null;
}

const MAX_IDENTIFIER = 63;

export function testDatabaseNames(testDatabaseName: string): TestDatabaseNames {
  if (!/^[a-z0-9_]+_test$/.test(testDatabaseName))
    throw new Error(
      `refusing to run DB tests against "${testDatabaseName}": the database name must be lower-case letters, digits and _ and end in _test`,
    );
  const stem = testDatabaseName.slice(0, -"_test".length);
  const pattern = new RegExp(`^${stem}_r(\\d+)f[0-9a-z]+_test$`);
  const names: TestDatabaseNames = {
    template: `${stem}_template_test`,
    fileDatabase: (runId, suffix) => `${stem}_r${runId}f${suffix}_test`,
    runOf: (name) => {
      const match = pattern.exec(name);
      return match ? Number(match[1]) : null;
    },
  };
  const longest = names.fileDatabase(4_194_304, "zzzzzzzz");
  if (longest.length > MAX_IDENTIFIER)
    throw new Error(`TEST_DATABASE_URL's database name "${testDatabaseName}" is too long for per-file copies`);
  return names;
}
