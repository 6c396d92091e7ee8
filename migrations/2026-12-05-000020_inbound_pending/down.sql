DROP INDEX inbound_mail_pending;
