import { PAGE_ANSWERS_ID } from '../lib/page-answers';

/** The script the server puts in a page it rendered (apps/api/src/plugins/static-web.ts, ADR 019). */
export function embedPageAnswers(answers: Record<string, unknown>): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_ANSWERS_ID;
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
}
