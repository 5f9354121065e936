// Runs every Vitest project on the embedded PGlite database, then, when DATABASE_URL names a
// PostgreSQL server, the server's API suite again on that server (docs/product.md §D10).
import { spawnSync } from 'node:child_process';

function vitest(args, databaseUrl) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
  return result.status ?? 1;
}

const extra = process.argv.slice(2);
const postgresUrl = process.env.DATABASE_URL?.trim();
console.log('unit and API tests on the embedded PGlite database');
let status = vitest(extra, '');
if (status === 0 && postgresUrl) {
  console.log(`API tests again on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//')})`);
  status = vitest(['--project', 'server', ...extra], postgresUrl);
}
process.exit(status);
