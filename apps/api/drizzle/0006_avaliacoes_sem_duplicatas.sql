-- One review per client and product (the next migration adds the unique index):
-- where a client has several reviews of one product, keep the newest.
DELETE FROM avaliacoes a
USING avaliacoes b
WHERE a.cliente_id = b.cliente_id
  AND a.produto_id = b.produto_id
  AND (a.created_at, a.id) < (b.created_at, b.id);
