import { configure } from '@testing-library/react';

/**
 * CI runs on two busy cores, where a lazy chunk (a dialog, the toasts) can take
 * more than Testing Library's default second to arrive. `findBy*` and `waitFor`
 * wait up to 5 s; a passing test still finishes as soon as its element appears.
 */
configure({ asyncUtilTimeout: 5000 });
