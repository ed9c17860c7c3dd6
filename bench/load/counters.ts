import { DatabaseSync } from "node:sqlite";
import pg from "pg";

/** How many inquiries the set-up's database holds; the form's figures are checked against it. */
export type InquiryCounter = () => Promise<number>;

export function sqliteCounter(file: string): InquiryCounter {
  return async () => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return (db.prepare("SELECT count(*) AS count FROM inquiries").get() as { count: number }).count;
    } finally {
      db.close();
    }
  };
}

export function postgresCounter(url: string): InquiryCounter {
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>("SELECT count(*) AS count FROM inquiries");
      return Number(rows[0]?.count);
    } finally {
      await client.end();
    }
  };
}

/**
 * The count once posts still under way when a run stopped have been stored, so
 * that the warm-up's last forms are not counted with the measured run's.
 */
export async function settled(count: InquiryCounter): Promise<number> {
  const deadline = Date.now() + 10_000;
  let last = await count();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await count();
    if (now === last || Date.now() > deadline) return now;
    last = now;
  }
}
