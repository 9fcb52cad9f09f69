import Calibration
public import CalibrationData
import LanguageModels

extension JudgeSession {
    /// The judge a certificate records and a look that requires one checks: the configured model and server,
    /// and the scoring settings.
    public var identity: JudgeIdentity {
        JudgeIdentity(model: client.configuration.model, baseURL: client.configuration.baseURL, options: options)
    }
}
