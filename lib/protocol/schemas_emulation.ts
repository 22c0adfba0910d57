/**
 * Emulation fields a session can be created with and changed by `emulate` alike: where it is,
 * how it looks, whether it is online, what its origins may do.
 */
import * as v from "valibot";

/** Chromium's permission names (Browser.PermissionType). */
const PERMISSIONS = [
  "ar",
  "audioCapture",
  "automaticFullscreen",
  "backgroundFetch",
  "backgroundSync",
  "cameraPanTiltZoom",
  "capturedSurfaceControl",
  "clipboardReadWrite",
  "clipboardSanitizedWrite",
  "displayCapture",
  "durableStorage",
  "geolocation",
  "handTracking",
  "idleDetection",
  "keyboardLock",
  "localFonts",
  "midi",
  "midiSysex",
  "nfc",
  "notifications",
  "paymentHandler",
  "periodicBackgroundSync",
  "pointerLock",
  "protectedMediaIdentifier",
  "sensors",
  "smartCard",
  "speakerSelection",
  "storageAccess",
  "topLevelStorageAccess",
  "videoCapture",
  "vr",
  "wakeLockScreen",
  "wakeLockSystem",
  "webAppInstallation",
  "webPrinting",
  "windowManagement",
] as const;

export const Geolocation = v.pipe(
  v.strictObject({
    latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90), v.description("Degrees, -90..90")),
    longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180), v.description("Degrees, -180..180")),
    accuracy: v.optional(v.pipe(v.number(), v.minValue(0), v.description("Metres, default 0"))),
  }),
  v.description("Position pages read; grants the geolocation permission"),
);

export const Offline = v.pipe(v.boolean(), v.description("Cut the pages' network (navigator.onLine false)"));

export const ColorScheme = v.pipe(
  v.picklist(["light", "dark", "no-preference"]),
  v.description("prefers-color-scheme"),
);

/** The fields of POST /v1/sessions that start a session already emulating. */
export const SESSION_EMULATION = {
  geolocation: v.optional(Geolocation),
  offline: v.optional(Offline),
  colorScheme: v.optional(ColorScheme),
  permissions: v.optional(
    v.pipe(
      v.array(v.picklist(PERMISSIONS)),
      v.maxLength(PERMISSIONS.length),
      v.description(
        "Chromium permissions granted to every origin of the session (geolocation, notifications, …)",
      ),
    ),
  ),
};
