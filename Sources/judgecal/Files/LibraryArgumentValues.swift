public import AgreementCoefficients
public import CalibrationData
public import CalibrationWorkflow
public import CommandLineParsing
public import DataFormats
public import RunInference
public import SampleGeneration
public import SelectiveTrust
public import StatisticsCore

// The libraries' named choices, read from the command line by their raw values.

extension IntervalMethod: ArgumentValue {}
extension RecordFormat: ArgumentValue {}
extension ExpertCombination: ArgumentValue {}
extension CrossFittedMap.Kind: ArgumentValue {}
extension AnnotatorScorer: ArgumentValue {}
extension JudgeSession.Mode: ArgumentValue {}
extension LabelSplit: ArgumentValue {}
extension SeedSampling: ArgumentValue {}
extension TrustSettings.Agreement: ArgumentValue {}
extension OrdinalPredictionSets.SetRule: ArgumentValue {}
