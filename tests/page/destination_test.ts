/**
 * One destination policy: navigate refuses the cloud-metadata and link-local destinations that
 * the network guard refuses (policy/address.ts), by name and by literal address, before a page
 * is opened or a request is sent.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole } from "../support/harness.ts";

const REFUSED = [
  "http://100.100.100.200/latest/meta-data/",
  "http://metadata.azure.internal/metadata/instance",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[fe80::1]/",
  "http://[fd00:ec2::254]/",
  "http://METADATA.AZURE.INTERNAL./",
  "http://[::ffff:a9fe:a9fe]/",
];

Deno.test(
  "navigate refuses cloud-metadata and link-local destinations with 403 address_not_allowed, opening no page",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    for (const url of REFUSED) {
      const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url, timeoutMs: 2000 });
      assert.equal(r.status, 403, `${url}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, "address_not_allowed", url);
    }
    const pages = await ph.request("GET", `/v1/sessions/${sid}/pages`);
    assert.deepEqual(pages.body.pages, []);
  },
);
