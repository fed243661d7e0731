// A Vitest reporter for `npm test`: the errors that fail a test file outside its tests (a `beforeAll` that
// throws, an import that fails), which Vitest's JSON report leaves out when they belong to a `describe`
// rather than to the file. It writes them to the file named by WAYMARKS_HOOK_ERRORS as
//   { "<absolute test file>": ["<error name: message>\n<first stack lines>", …], … }
// for scripts/test.mjs to print under the suite's summary.
import { writeFileSync } from 'node:fs';

/** An error as one short text: its name and message, then the first lines of its stack. */
function summarise(error) {
  const head = `${error.name ?? 'Error'}: ${error.message || '(no message)'}`;
  const stack = String(error.stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at '))
    .slice(0, 4);
  return [head, ...stack].join('\n');
}

export default class HookErrorsReporter {
  onTestRunEnd(testModules) {
    const target = process.env.WAYMARKS_HOOK_ERRORS;
    if (!target) return;
    const byFile = {};
    for (const testModule of testModules) {
      const errors = [...testModule.errors()];
      for (const suite of testModule.children.allSuites()) {
        errors.push(
          ...suite.errors().map((error) => ({ ...error, message: `${suite.fullName}: ${error.message}` })),
        );
      }
      if (errors.length) byFile[testModule.moduleId] = errors.map(summarise);
    }
    writeFileSync(target, `${JSON.stringify(byFile, null, 2)}\n`);
  }
}
