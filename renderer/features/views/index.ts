/**
 * The sidebar's views, and the columns and filters panels of the view on screen.
 *
 * The public face of views/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { ColumnsPanel } from './ColumnsPanel';
export { FiltersPanel } from './FiltersPanel';
export { ViewsSection } from './ViewsSection';
