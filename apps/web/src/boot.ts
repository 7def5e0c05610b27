/**
 * The first script of a page the server rendered (ADR 019), in place of the app's entry: it lets the browser paint
 * the page before it evaluates and starts the app, so the app's start-up never delays what the visitor can already
 * read. The entry (named by `data-entry`, and already downloading through its modulepreload link) is imported once
 * the first frame is on screen, after React DOM, evaluated in a task of its own so that no single task keeps the
 * page from answering for long.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = script?.dataset.entry ?? '';

/** Lets the browser paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await nextTask();
  // React DOM is a third of the entry's evaluation. (Only whole-module libraries here: importing one that the
  // entry tree-shakes, like zod, would put all of it in the bundle.)
  await import('react-dom/client');
  await nextTask();
  await import(/* @vite-ignore */ entry);
}

if (/^\/assets\/[\w.-]+\.js$/.test(entry)) void boot();
