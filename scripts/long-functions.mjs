// Lists the functions over 80 lines (blank lines and comments aside) in the given paths, or in
// apps/*/src when none are given: the house rule "no function over 80 lines outside tests".
// Usage: node scripts/long-functions.mjs [path ...]
import { ESLint } from 'eslint';

const paths = process.argv.slice(2);
const eslint = new ESLint({
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
});
const results = await eslint.lintFiles(
  paths.length ? paths : ['apps/server/src', 'apps/web/src', 'apps/console/src'],
);
let count = 0;
for (const result of results) {
  if (/\.test\.tsx?$|\.d\.ts$/.test(result.filePath)) continue;
  for (const m of result.messages) {
    if (m.ruleId !== 'max-lines-per-function') continue;
    count += 1;
    console.log(`${result.filePath.replace(`${process.cwd()}/`, '')}:${m.line} ${m.message}`);
  }
}
console.log(`${count} function(s) over 80 lines`);
