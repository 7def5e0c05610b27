import type { KeyboardEvent } from 'react';

/** The combobox attributes the suggestions give the search field (WAI-ARIA combobox with a listbox popup). */
export interface ComboboxAria {
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string | undefined;
}

/** The suggestions' handling of a key on the field: true when they used it (the field then does nothing else). */
export type SuggestionKeys = (e: KeyboardEvent<HTMLInputElement>) => boolean;
