-- No change to the database: this entry carries meta/0037_snapshot.json, the Drizzle schema as the
-- hand-written migrations 0011-0032 left it, so that `npm run db:generate` on an unchanged schema
-- writes nothing (issue 53, decision 0432).
SELECT 1;
