// The run record read by role lives in the contract, so core's run search reads records the way
// the screens show them.
export {
  answerFromRecord,
  dealIdFromRecord,
  questionFromRecord,
} from '../../electron/contract/run-record-text';
