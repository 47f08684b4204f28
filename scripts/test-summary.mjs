// One closing line for the whole suite, "N passed, N failed", from the unit and end-to-end
// runners' JSON reports, so CI logs end with a count that covers both.
import { readFileSync } from 'node:fs';

const read = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));

const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');

const unitPassed = unit.numPassedTests;
const unitFailed = unit.numFailedTests;
const e2ePassed = e2e.stats.expected;
const e2eFailed = e2e.stats.unexpected + e2e.stats.flaky;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.stats.skipped;

console.log(`unit: ${unitPassed} passed, ${unitFailed} failed; end-to-end: ${e2ePassed} passed, ${e2eFailed} failed`);
console.log(`${unitPassed + e2ePassed} passed, ${unitFailed + e2eFailed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = unitFailed + e2eFailed > 0 ? 1 : 0;
