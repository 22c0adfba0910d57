/** Request and response examples of /openapi.json: the observe → act loop an agent runs. */
type Json = Record<string, unknown>;

const TREE =
  '- heading "Example Domain" [level=1]\n- link "Learn more" [navigates=cross-origin] [ref=@e1]:\n  - /url: https://iana.org/domains/example\n';

const OBSERVATION = {
  stateId: "st_1l384g2u0v625u",
  targetId: "C6DCC66241DD35F7D8F8FD0A27DA19F1",
  pageId: "p_0d0q431i2z162x",
  frameId: "C6DCC66241DD35F7D8F8FD0A27DA19F1",
  document: {
    loaderId: "BEECD85559C9079D4AD4ACDCEA7C914B",
    documentId: "C6DCC66241DD35F7D8F8FD0A27DA19F1.BEECD85559C9079D4AD4ACDCEA7C914B.2",
  },
  url: "https://example.com/",
  origin: "https://example.com",
  title: "Example Domain",
  tree: TREE,
  refCount: 1,
  truncated: false,
  bytes: TREE.length,
  generation: 1,
  tier: "full",
};

export const OP_EXAMPLES: Record<string, { request?: Json; response?: Json }> = {
  navigate: {
    request: { url: "https://example.com", observe: true },
    response: {
      pageId: OBSERVATION.pageId,
      url: OBSERVATION.url,
      httpStatus: 200,
      navigation: "committed",
      state: OBSERVATION,
    },
  },
  observe: { request: { tier: "interactive" }, response: OBSERVATION },
  act: {
    request: {
      stateId: OBSERVATION.stateId,
      targetId: OBSERVATION.targetId,
      action: "click",
      ref: "@e1",
      expect: { selector: "h1", text: "IANA" },
    },
    response: {
      execution: "completed",
      observation: "captured",
      postcondition: "met",
      freshState: {
        ...OBSERVATION,
        stateId: "st_4r3i336n1w3a2q",
        url: "https://iana.org/domains/example",
        generation: 2,
      },
    },
  },
};
