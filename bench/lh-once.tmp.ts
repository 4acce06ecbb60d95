import { lighthouseMedian } from './lighthouse.ts';
for (const url of process.argv.slice(2)) {
  const r = await lighthouseMedian(url);
  console.log(url, JSON.stringify(r.median), 'load', r.load);
}
