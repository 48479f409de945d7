/**
 * The account as the other features see it: who is signed in and on which plan, signing out, the cloud client, the card
 * the sign-in pages and the dashboard's settings share.
 *
 * The public face of auth/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { AuthCard } from './AuthCard';
/** The card's classes (its lead line, a full-width button) for a page drawn in an AuthCard elsewhere. */
export { default as authCardStyles } from './AuthPage.module.css';
export { inElectron, signOut } from './auth-actions';
export { currentBuild, displayName, refreshTier, useAuth } from './auth-store';
export { getCloudClient } from './cloud-client';
