import { type Kysely, sql } from 'kysely';

/**
 * Pages a /scrape/website crawl read, and the robots.txt of each origin it visited. Not events: page text is bulky
 * operational data; the crawl's workflow passes page numbers, never pages, and the answer is assembled from here.
 * A row is keyed by its crawl and page number, so a retried page activity writes the same row again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scraped_pages (
      crawl_id text not null,
      page_number integer not null,
      url text not null,
      final_url text not null,
      depth integer not null,
      title text not null,
      byline text,
      excerpt text,
      site_name text,
      lang text,
      markdown text not null,
      word_count integer not null,
      links jsonb not null default '[]'::jsonb,
      content_type text not null,
      bytes integer not null,
      fetched_at timestamptz not null default now(),
      primary key (crawl_id, page_number)
    );
    create table crawl_robots (
      crawl_id text not null,
      origin text not null,
      status integer not null,
      body text not null,
      fetched_at timestamptz not null default now(),
      primary key (crawl_id, origin)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists scraped_pages; drop table if exists crawl_robots`.execute(db);
}
