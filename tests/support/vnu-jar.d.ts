/** The vnu-jar package exports the path of its vnu.jar, and nothing typed. */
declare module "vnu-jar" {
  const jarPath: string;
  export default jarPath;
}
