-- The sort key of a product's name, for nome_ordem: the database's copy of the shared chaveNome
-- (packages/shared/src/ordem-nomes.ts), so that a list ordered by the key (COLLATE "C") is in pt-BR dictionary
-- order (accents and case ignored, numbers by value, spaces before punctuation before digits before letters) with
-- no sort in the service. Step by step as chaveNome: decompose and drop the accents (the combining marks of Latin
-- text), lower case, symbols outside ASCII after \u0002\u0080, ASCII punctuation as \u0002 and its rank in ICU's
-- order, runs of spaces as \u0001, digit runs padded to 15 digits. A letter or symbol outside these lists (a
-- non-Latin combining mark, an emoji) may get another key than chaveNome's. api test: src/db/chave-nome.test.ts.
CREATE OR REPLACE FUNCTION f_chave_nome(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $f$ SELECT regexp_replace(regexp_replace(regexp_replace(translate(regexp_replace(regexp_replace(
    lower(regexp_replace(normalize($1, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g')),
    '([\u00a1-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u00d7\u00f7\u2010-\u2027\u2030-\u205e\u20a0-\u20cf\u2122\u2190-\u22ff\u2500-\u2775\u2794-\u27bf])', E'\u0002\u0080\\1', 'g'),
    '([\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e])', E'\u0002\\1', 'g'),
    '_-,;:!?.''"()[]{}@*/\&#%`^+<=>|~$', '!"#$%&''()*+,-./0123456789:;<=>?@'),
    '[\x09-\x0d\x20\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', E'\u0001', 'g'),
    '([0-9]+)', '000000000000000\1', 'g'),
    '(?<![0-9])0+(?=[0-9]{15})', '', 'g') $f$;
