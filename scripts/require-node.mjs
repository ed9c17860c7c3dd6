// Plain JavaScript on purpose: it must run, and explain itself, on any Node.
// It checks the major version only: Node 24 or newer, as package.json's engines say,
// since node:sqlite and running .ts files directly need it.
const REQUIRED_MAJOR = 24;
const [major] = process.versions.node.split(".").map(Number);
if (major < REQUIRED_MAJOR) {
  console.error(
    `This project needs Node ${REQUIRED_MAJOR} LTS or newer; this is Node ${process.versions.node}.\n` +
      "Run it through npm (npm start, npm test): npm puts the project's own Node 24 first on the PATH.\n" +
      "If that Node is missing, install dependencies again with install scripts allowed: npm install",
  );
  process.exit(1);
}
