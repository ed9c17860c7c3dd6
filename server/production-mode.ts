// Imported first by server.ts: React and React Router choose their production
// builds from NODE_ENV when they load, so it must be set before they do.
process.env.NODE_ENV ??= "production";
