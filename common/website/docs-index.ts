/**
 * The docs' pages (spec section 2), in reading order, in their two sections: the route guard knows the docs
 * paths from here, and the docs' sidebar, drawer, breadcrumb and previous/next links are built from it.
 */
export const DOCS_INDEX = [
  { slug: '', title: 'Introduction', section: 'Getting Started' },
  { slug: 'installation', title: 'Installation', section: 'Getting Started' },
  { slug: 'quick-start', title: 'Quick Start', section: 'Getting Started' },
  { slug: 'adding-songs', title: 'Adding Songs', section: 'Project Management' },
  { slug: 'managing-files', title: 'Managing Files', section: 'Project Management' },
  { slug: 'creating-views', title: 'Creating Views', section: 'Project Management' },
  { slug: 'recording-sessions', title: 'Recording Sessions', section: 'Project Management' },
] as const;

export type DocsEntry = (typeof DOCS_INDEX)[number];
export type DocsSlug = DocsEntry['slug'];
export const DOCS_SECTIONS = ['Getting Started', 'Project Management'] as const;

export function docsPath(entry: { slug: string }): string {
  return entry.slug ? `/docs/${entry.slug}` : '/docs';
}
