// Lints an OpenAPI document (JSON on stdin) with Redocly's recommended rules and prints the problems as JSON.
// A process of its own because @redocly/openapi-core is an ES module that jest's CommonJS runtime cannot load.
import { createConfig, lintFromString } from '@redocly/openapi-core';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: Buffer.concat(chunks).toString('utf8'), absoluteRef: 'openapi.json', config });
const plain = problems.map((p) => ({ ruleId: p.ruleId, severity: p.severity, message: p.message, pointer: p.location[0]?.pointer ?? '' }));
process.stdout.write(JSON.stringify(plain));
