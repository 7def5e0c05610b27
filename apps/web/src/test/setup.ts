import { configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { declareApiReply, takeApiMockProblems } from './api-mock';
import { regrasComerciais } from './comercial-fixtures';

/**
 * CI runs on two busy cores, where a lazy chunk (a dialog, the toasts) can take
 * more than Testing Library's default second to arrive. `findBy*` and `waitFor`
 * wait up to 5 s; a passing test still finishes as soon as its element appears.
 */
configure({ asyncUtilTimeout: 5000 });

/**
 * The commercial rules are a public read behind every product card (its PIX price and installments) and the
 * checkout: each test gets the demo store's, unless its own `mockApi` answers them otherwise.
 */
beforeEach(() => declareApiReply('GET /api/condicoescomerciais/', regrasComerciais()));

/**
 * A call to the fake API that no handler of `mockApi` answers fails the test,
 * even when the app swallowed the failed request (test/api-mock.ts).
 */
afterEach(() => {
  const problems = takeApiMockProblems();
  if (problems.length > 0)
    throw new Error(`O mock da API recebeu chamadas não declaradas:\n- ${problems.join('\n- ')}`);
});
