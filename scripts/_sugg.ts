import { openDatabase } from '../server/platform/db/connection.ts';
import { loadSuggestions } from '../server/catalog/product-suggestions.ts';
const handle = openDatabase({ databaseUrl: process.argv[2]!, sqlitePath: '' });
const tenant = await handle.db.selectFrom('tenants').select('id').where('token', '=', 'demo-handcraft').executeTakeFirstOrThrow();
for (const term of (process.argv[3] ?? 'kn').split(',')) {
  const times: number[] = [];
  let names = '';
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    const r = await loadSuggestions({ db: handle.db, dialect: handle.dialect, tenantId: tenant.id } as never, term);
    times.push(performance.now() - t);
    names = r.map((x) => x.name).join(' | ').slice(0, 120);
  }
  times.sort((a, b) => a - b);
  console.log(term.padEnd(8), 'median', times[3]!.toFixed(1), 'ms', names);
}
await handle.db.destroy();
