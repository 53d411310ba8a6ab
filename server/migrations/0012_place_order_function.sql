-- Places an order in one round trip (docs/decisions.md, "Placing an order in one statement").
-- The server has already checked the request and computed every amount with the shared rules
-- (src/domain); this function does what must happen under locks, with a fresh snapshot after each
-- lock, and writes the rows, all in the one statement's transaction:
--   1. locks the customer's row: one customer's submits take turns (the key, the balance, their own
--      promo use); refuses a customer without a phone;
--   2. answers the first order of the same Idempotency-Key (a key with another request is refused);
--   3. refuses cashback beyond the balance;
--   4. locks the promo, then counts its uses: concurrent orders with a limited promo take turns;
--   5. takes the stock with guarded updates (in the order the server sorted them: no deadlock);
--   6. takes the next order number last, so the merchant's counter row stays locked the least;
--   7. inserts the order, its lines and its history entry (the columns the server sent, the rest
--      their defaults), spends the cashback, records the promo use, sends the notifications;
--   8. answers the rows it wrote.
-- A refusal raises 'savat:<API error code>' (SQLSTATE P0001) and rolls everything back.
CREATE OR REPLACE FUNCTION savat_place_order(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  m uuid := (p->>'merchantId')::uuid;
  u uuid := (p->>'userId')::uuid;
  customer record;
  existing record;
  v_promo uuid := (p->>'promoId')::uuid;
  v_limit integer;
  uses integer;
  s jsonb;
  n integer;
  cols text;
  placed jsonb;
  lines jsonb;
  entry jsonb;
  notice jsonb;
BEGIN
  SELECT users.phone, users.cashback INTO customer
    FROM users WHERE users.id = u AND users.merchant_id = m FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION 'savat:UNAUTHORIZED'; END IF;
  IF customer.phone IS NULL THEN RAISE EXCEPTION 'savat:PHONE_REQUIRED'; END IF;

  IF p->>'key' IS NOT NULL THEN
    SELECT orders.id, orders.idempotency_hash INTO existing
      FROM orders
      WHERE orders.merchant_id = m AND orders.user_id = u AND orders.idempotency_key = p->>'key'
      LIMIT 1;
    IF FOUND THEN
      IF existing.idempotency_hash IS NOT NULL AND existing.idempotency_hash <> p->>'hash' THEN
        RAISE EXCEPTION 'savat:IDEMPOTENCY_KEY_REUSED';
      END IF;
      RETURN jsonb_build_object('created', false, 'id', existing.id);
    END IF;
  END IF;

  IF (p->>'cashbackRequested')::numeric > customer.cashback THEN
    RAISE EXCEPTION 'savat:CASHBACK_NOT_ENOUGH';
  END IF;

  IF v_promo IS NOT NULL THEN
    SELECT promos.usage_limit INTO v_limit
      FROM promos WHERE promos.id = v_promo AND promos.merchant_id = m FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'savat:PROMO_NOT_FOUND'; END IF;
    SELECT count(*) INTO uses FROM orders
      WHERE orders.merchant_id = m AND orders.promo_id = v_promo
        AND orders.user_id = u AND orders.status <> 'CANCELED';
    IF uses > 0 THEN RAISE EXCEPTION 'savat:PROMO_ALREADY_USED'; END IF;
    IF v_limit IS NOT NULL THEN
      SELECT count(*) INTO uses FROM orders
        WHERE orders.merchant_id = m AND orders.promo_id = v_promo
          AND orders.status <> 'CANCELED';
      IF uses >= v_limit THEN RAISE EXCEPTION 'savat:PROMO_USED_UP'; END IF;
    END IF;
  END IF;

  FOR s IN SELECT * FROM jsonb_array_elements(p->'stock') LOOP
    UPDATE products
      SET stock = products.stock - (s->>'amount')::numeric, last_modified_date = now()
      WHERE products.id = (s->>'productId')::uuid AND products.merchant_id = m
        AND products.stock >= (s->>'amount')::numeric;
    IF NOT FOUND THEN RAISE EXCEPTION 'savat:STOCK_NOT_ENOUGH'; END IF;
  END LOOP;

  INSERT INTO order_number_counters (merchant_id, last_number) VALUES (m, 1)
    ON CONFLICT (merchant_id) DO UPDATE SET last_number = order_number_counters.last_number + 1
    RETURNING last_number INTO n;

  SELECT string_agg(quote_ident(k), ', ') INTO cols FROM jsonb_object_keys(p->'order') AS k;
  EXECUTE format(
    'INSERT INTO orders (number, %1$s) SELECT $2, %1$s FROM jsonb_populate_record(null::orders, $1) RETURNING to_jsonb(orders.*)',
    cols) USING p->'order', n INTO placed;

  SELECT string_agg(quote_ident(k), ', ') INTO cols FROM jsonb_object_keys(p->'items'->0) AS k;
  EXECUTE format(
    'WITH written AS (INSERT INTO order_items (%1$s) SELECT %1$s FROM jsonb_populate_recordset(null::order_items, $1) RETURNING *)
     SELECT jsonb_agg(to_jsonb(written.*) ORDER BY written.priority) FROM written',
    cols) USING p->'items' INTO lines;

  SELECT string_agg(quote_ident(k), ', ') INTO cols FROM jsonb_object_keys(p->'history') AS k;
  EXECUTE format(
    'INSERT INTO order_history (%1$s) SELECT %1$s FROM jsonb_populate_record(null::order_history, $1) RETURNING to_jsonb(order_history.*)',
    cols) USING p->'history' INTO entry;

  IF (p->>'cashbackSpent')::numeric > 0 THEN
    UPDATE users
      SET cashback = users.cashback - (p->>'cashbackSpent')::numeric, last_modified_date = now()
      WHERE users.id = u AND users.merchant_id = m;
  END IF;

  IF v_promo IS NOT NULL THEN
    INSERT INTO user_promos (id, merchant_id, user_id, promo_id)
      VALUES ((p->>'promoUseId')::uuid, m, u, v_promo)
      ON CONFLICT DO NOTHING;
  END IF;

  FOR notice IN SELECT * FROM jsonb_array_elements(p->'notices') LOOP
    PERFORM pg_notify(notice->>'channel', notice->>'payload');
  END LOOP;

  RETURN jsonb_build_object('created', true, 'order', placed, 'items', lines, 'history', entry);
END;
$$;
