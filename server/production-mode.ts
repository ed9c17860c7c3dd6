// Imported first by server.ts: React and React Router choose their production
// or development builds from NODE_ENV when they load, so it must be set before
// they do. `node server.ts --dev` is the development server (npm run dev).
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
