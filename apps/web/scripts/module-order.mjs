/**
 * The order in which apps/web/src/boot.ts evaluates a page's modules (ADR 019, docs/quality.md P5): `start` and
 * every chunk it imports, each once, every chunk after the chunks it imports. Evaluated in this order, one per
 * task, each import runs only its own module's code; listed importer first (the route's module before the entry
 * and the libraries it imports), the first import evaluated the whole page in one long task.
 *
 * @param {string} start the first chunk's file name
 * @param {(file: string) => readonly string[] | undefined} importsOf the files a chunk imports statically
 * @returns {string[]}
 */
export function dependencyOrder(start, importsOf) {
  const order = [];
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = importsOf(file);
    if (!imports) return;
    for (const dep of imports) visit(dep);
    order.push(file);
  };
  visit(start);
  return order;
}
