-- The retail order board's live stream (issue 7): every new order and status change is announced on
-- the channel order_events at commit time, so that every API process sharing this database hears it.
CREATE FUNCTION notify_order_event() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('order_events', json_build_object(
    'id', NEW.id,
    'order', NEW.order_uid,
    'app', o.app_uid,
    'place', o.place_uid,
    'status', NEW.to_status
  )::text)
  FROM orders o WHERE o.uid = NEW.order_uid;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_status_history_notify AFTER INSERT ON order_status_history
  FOR EACH ROW EXECUTE FUNCTION notify_order_event();
