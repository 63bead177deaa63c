-- Order numbers end in a cluster-wide counter instead of random digits, so two orders created in the
-- same second can never collide (the demo seeder creates dozens per second).
CREATE SEQUENCE order_no_seq;
