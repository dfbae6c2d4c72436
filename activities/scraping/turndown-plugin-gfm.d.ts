declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  /** GitHub-flavoured markdown: tables, strikethrough, task lists. */
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
}
