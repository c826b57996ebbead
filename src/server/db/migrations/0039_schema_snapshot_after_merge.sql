-- No change to the database: this entry carries meta/0039_snapshot.json, the Drizzle schema as the
-- hand-written migrations 0033 (payment reconciliation, issue 47), 0035 and 0036 (time zones and
-- appointments, issue 49) left it, so that `npm run db:generate` on an unchanged schema writes
-- nothing (decision 0432).
SELECT 1;
