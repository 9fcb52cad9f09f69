import Calibration
public import CalibrationData
import LanguageModels

extension JudgeSession {
    /// The judge a certificate records and `align --require-certified` checks: the configured model and server,
    /// and the scoring settings.
    public var identity: JudgeIdentity {
        JudgeIdentity(model: client.configuration.model, baseURL: client.configuration.baseURL, options: options)
    }
}
