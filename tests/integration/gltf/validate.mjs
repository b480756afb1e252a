// Runs the Khronos glTF-Validator on each file given; prints one JSON summary per file and
// exits 1 unless every file has 0 errors and 0 warnings.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import validator from 'gltf-validator';

let failed = false;
for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(readFileSync(file));
  const report = await validator.validateBytes(bytes, {
    uri: file,
    maxIssues: 100,
    externalResourceFunction: (uri) =>
      Promise.resolve(new Uint8Array(readFileSync(join(dirname(file), decodeURIComponent(uri))))),
  });
  const { numErrors, numWarnings, numInfos, numHints, messages } = report.issues;
  const bad = messages.filter((m) => m.severity <= 1);  // 0 error, 1 warning
  console.log(JSON.stringify({ file, numErrors, numWarnings, numInfos, numHints, problems: bad }));
  if (numErrors !== 0 || numWarnings !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
