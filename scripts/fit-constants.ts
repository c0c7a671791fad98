/**
 * Fits the verifier's and the fact-check's decision constants on every labelled dev set in
 * the data root's data/ (data/root.ts: WiCE and ExpertQA pairs, ExpertQA's cited answers, Climate-FEVER), by the rules in
 * lib/eval/calibration.ts, and writes them to lib/verdict/decision-constants.json with the figures
 * they give: fitted on all sets, and for each set fitted without it.
 *
 *   npx tsx scripts/fit-constants.ts
 *
 * `npm run eval` measures the constants in force the same two ways and prints the table.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { calibrationReport } from '../lib/eval/calibration-report';
import { loadCalibrationItems } from '../lib/eval/load-calibration';
import { dataPath, needData } from '../data/root';

needData('scripts/fit-constants.ts');
const items = loadCalibrationItems(dataPath('data'));
const report = calibrationReport(items);
const target = path.resolve('lib/verdict/decision-constants.json');
writeFileSync(target, `${JSON.stringify({ constants: report.fittedOnAll, leaveOneOut: report.leaveOneOut }, null, 2)}\n`);
console.log(`wrote ${target}: ${JSON.stringify(report.fittedOnAll)}`);
