const t0 = performance.now();
const { loadTenants } = await import('./tenants.ts');
const t1 = performance.now(); const ts = loadTenants('tenants'); const t2 = performance.now();
console.log('import', (t1-t0).toFixed(0), 'loadTenants', (t2-t1).toFixed(0));
const { openDatabase } = await import('./db/database.ts');
const t3 = performance.now(); const d = await openDatabase({ pgliteDir: '/tmp/fc-start/pglite' }); const t4 = performance.now();
console.log('open', (t4-t3).toFixed(0));
const { siteSearchRecords } = await import('./search-bridge.ts');
for (let i=1;i<=6;i++){ const a=performance.now(); const r = await siteSearchRecords(d.db, i); console.log('site',i,r.length,(performance.now()-a).toFixed(0)); }
await d.close();
