// What arrives on the native port, checked on receipt: native messaging is a boundary, and the
// relay or an app of another version may send what this panel does not know. The shapes are the
// contract's (electron/contract/companion-wire.ts), the ones the app's host builds what it sends
// with; a message that fits none is dropped and counted.
export {
  CallResult,
  PortMessage as InboundMessage,
} from '../../../electron/contract/companion-wire';
