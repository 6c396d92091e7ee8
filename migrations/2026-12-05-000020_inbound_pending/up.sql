-- Replies received but not yet handled (the database failed mid-way): the metrics count them at
-- every scrape, so they are found without reading every message ever received.
CREATE INDEX inbound_mail_pending ON inbound_mail (received_at) WHERE outcome = 'pending';
