/** The test files under `<root>/test` matching `name` that replace modules, timers or globals, as `test/…` paths. */
export function filesThatReplace(root: string, name: RegExp): string[];
