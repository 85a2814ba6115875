// Types of bootstrap-subset.cjs for the tests that use it.
declare function bootstrapSubsetLoader(this: unknown, css: string): string;
declare namespace bootstrapSubsetLoader {
  /** Bootstrap parts the portal leaves out, each with the class names (and their "-…" forms) it consists of. */
  const LEFT_OUT: Record<string, string[]>;
  /** The left-out part a class belongs to, or null. */
  function leftOutPart(className: string): string | null;
  /** The rules of a Bootstrap style sheet the portal keeps, given the words its source holds. */
  function subset(css: string, used: Set<string>): string;
  /** Every word of the folder's .ts, .tsx and .css files that could be a class name. */
  function namesIn(dir: string): Set<string>;
}
export = bootstrapSubsetLoader;
