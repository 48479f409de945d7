/** A sync run that could not finish (the cloud refused or could not be reached); the service answers it as `cloud_error`. */
export class SyncError extends Error {}
