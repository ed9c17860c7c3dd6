// Plain JavaScript on purpose: it must run, and explain itself, on any Node.
const [major] = process.versions.node.split(".").map(Number);
if (major < 22) {
  console.error(
    `This project needs Node 24 LTS; this is Node ${process.versions.node}.\n` +
      "Run it through npm (npm start, npm test): npm puts the project's own Node 24 first on the PATH.\n" +
      "If that Node is missing, install dependencies again with install scripts allowed: npm install",
  );
  process.exit(1);
}
