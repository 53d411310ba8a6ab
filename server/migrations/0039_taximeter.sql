ALTER TABLE "orders" ADD COLUMN "delivery_by_taximeter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- savat_place_order (migration 0026) writing the order's delivery_by_taximeter too (a taximeter
-- city's delivery: the courier charges the meter's fare, outside the total). Everything else is unchanged.
CREATE OR REPLACE FUNCTION savat_place_order(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  m uuid := (p->>'merchantId')::uuid;
  u uuid := (p->>'userId')::uuid;
  customer record;
  existing record;
  v_promo uuid := (p->>'promoId')::uuid;
  v_limit integer;
  v_mine integer;
  uses integer;
  s jsonb;
  n integer;
  placed jsonb;
  lines jsonb;
  entry jsonb;
  notice jsonb;
  order_cols text[] := ARRAY['id', 'merchant_id', 'status', 'service_type', 'order_device', 'payment_type', 'user_id', 'receiver', 'address', 'branch_id', 'hall_id', 'table_id', 'comment', 'courier_comment', 'promo_id', 'promo_code', 'cashback', 'cashback_earned', 'product_price', 'product_discount', 'delivery_price', 'delivery_discount', 'total_product_price', 'total_product_discount', 'total_price', 'total_discount', 'service_price', 'product_count', 'delivery_tariff_id', 'delivery_type', 'delivery_by_taximeter', 'at_time', 'idempotency_key', 'idempotency_hash'];
  item_cols text[] := ARRAY['id', 'merchant_id', 'order_id', 'product_id', 'name', 'image', 'unit', 'count', 'cost_price', 'discount', 'modifications', 'price', 'priority'];
  history_cols text[] := ARRAY['id', 'merchant_id', 'order_id', 'status', 'reason', 'comment', 'actor_user_id'];
BEGIN
  -- The keys the server sends are the columns named below, no more, no fewer.
  IF NOT ((p->'order') ?& order_cols AND (p->'order') - order_cols = '{}'::jsonb
      AND (p->'history') ?& history_cols AND (p->'history') - history_cols = '{}'::jsonb
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p->'items') AS i
        WHERE NOT (i ?& item_cols AND i - item_cols = '{}'::jsonb))) THEN
    RAISE EXCEPTION 'savat_place_order: the columns sent differ from the columns it inserts';
  END IF;

  SELECT users.phone, users.cashback INTO customer
    FROM users WHERE users.id = u AND users.merchant_id = m FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION 'savat:UNAUTHORIZED'; END IF;
  IF customer.phone IS NULL THEN RAISE EXCEPTION 'savat:PHONE_REQUIRED'; END IF;

  -- A true retry is answered with its first order, its lines and its whole history, so the server
  -- answers it without reading them again.
  IF p->>'key' IS NOT NULL THEN
    SELECT orders.id, orders.idempotency_hash, to_jsonb(orders.*) AS row INTO existing
      FROM orders
      WHERE orders.merchant_id = m AND orders.user_id = u AND orders.idempotency_key = p->>'key'
      LIMIT 1;
    IF FOUND THEN
      IF existing.idempotency_hash IS NOT NULL AND existing.idempotency_hash <> p->>'hash' THEN
        RAISE EXCEPTION 'savat:IDEMPOTENCY_KEY_REUSED';
      END IF;
      RETURN jsonb_build_object('created', false, 'id', existing.id, 'order', existing.row,
        'items', (SELECT coalesce(jsonb_agg(to_jsonb(order_items.*) ORDER BY order_items.priority), '[]')
          FROM order_items WHERE order_items.order_id = existing.id),
        'histories', (SELECT coalesce(jsonb_agg(to_jsonb(order_history.*)
            ORDER BY order_history.created_date, order_history.id), '[]')
          FROM order_history WHERE order_history.order_id = existing.id));
    END IF;
  END IF;

  IF (p->>'cashbackRequested')::numeric > customer.cashback THEN
    RAISE EXCEPTION 'savat:CASHBACK_NOT_ENOUGH';
  END IF;

  IF v_promo IS NOT NULL THEN
    SELECT promos.usage_limit, promos.per_customer_limit INTO v_limit, v_mine
      FROM promos WHERE promos.id = v_promo AND promos.merchant_id = m FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'savat:PROMO_NOT_FOUND'; END IF;
    IF v_mine IS NOT NULL THEN
      SELECT count(*) INTO uses FROM orders
        WHERE orders.merchant_id = m AND orders.promo_id = v_promo
          AND orders.user_id = u AND orders.status <> 'CANCELED';
      IF uses >= v_mine THEN RAISE EXCEPTION 'savat:PROMO_ALREADY_USED'; END IF;
    END IF;
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

  INSERT INTO orders (number,
      id, merchant_id, status, service_type, order_device, payment_type, user_id, receiver,
      address, branch_id, hall_id, table_id, comment, courier_comment, promo_id, promo_code,
      cashback, cashback_earned, product_price, product_discount, delivery_price,
      delivery_discount, total_product_price, total_product_discount, total_price, total_discount,
      service_price, product_count, delivery_tariff_id, delivery_type, delivery_by_taximeter, at_time,
      idempotency_key,
      idempotency_hash)
    SELECT n,
      id, merchant_id, status, service_type, order_device, payment_type, user_id, receiver,
      address, branch_id, hall_id, table_id, comment, courier_comment, promo_id, promo_code,
      cashback, cashback_earned, product_price, product_discount, delivery_price,
      delivery_discount, total_product_price, total_product_discount, total_price, total_discount,
      service_price, product_count, delivery_tariff_id, delivery_type, delivery_by_taximeter, at_time,
      idempotency_key,
      idempotency_hash
    FROM jsonb_populate_record(null::orders, p->'order')
    RETURNING to_jsonb(orders.*) INTO placed;

  WITH written AS (
    INSERT INTO order_items (
        id, merchant_id, order_id, product_id, name, image, unit, count, cost_price, discount,
        modifications, price, priority)
      SELECT
        id, merchant_id, order_id, product_id, name, image, unit, count, cost_price, discount,
        modifications, price, priority
      FROM jsonb_populate_recordset(null::order_items, p->'items')
      RETURNING *)
  SELECT jsonb_agg(to_jsonb(written.*) ORDER BY written.priority) INTO lines FROM written;

  INSERT INTO order_history (id, merchant_id, order_id, status, reason, comment, actor_user_id)
    SELECT id, merchant_id, order_id, status, reason, comment, actor_user_id
    FROM jsonb_populate_record(null::order_history, p->'history')
    RETURNING to_jsonb(order_history.*) INTO entry;

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
