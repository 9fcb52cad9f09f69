import Calibration
public import CalibrationData
import LanguageModels

extension JudgeSession {
    /// The settings a certificate records and `align --require-certified` checks: the configured model and server,
    /// and the scoring options.
    public var settings: JudgeSettings {
        JudgeSettings(model: client.configuration.model, baseURL: client.configuration.baseURL, options: options)
    }
}
