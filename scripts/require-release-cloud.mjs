// `npm run make` and `npm run publish`: a release must name the hosted project it talks to (a packaged app never
// starts the local development cloud), so the build stops here when SUPABASE_URL or SUPABASE_ANON_KEY is missing.
const missing = ['SUPABASE_URL', 'SUPABASE_ANON_KEY'].filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(`A release needs the hosted Supabase project it talks to: set ${missing.join(' and ')} (README, "Release").`);
  process.exit(1);
}
let url;
try {
  url = new URL(process.env.SUPABASE_URL);
} catch {
  url = null;
}
if (!url || url.protocol !== 'https:') {
  console.error(`SUPABASE_URL must be the project's https address, not ${JSON.stringify(process.env.SUPABASE_URL)}.`);
  process.exit(1);
}
