/**
 * The plug-ins a song needs and whether this computer has them (issue 31), and the Plugins view's modal.
 *
 * The public face of plugins/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { PluginsModal } from './PluginsModal';
export { missingHere, missingHereText, usePluginPresence, type PluginPresence } from './plugins-here';
