// The scheme lives in contract/ since the bot's /start answers use it too.
export {
  START_PARAM_PATTERN,
  startParamFor,
  startParamPath,
  startPathFor,
  type StartRoutes,
} from '../../../contract/start-param'
